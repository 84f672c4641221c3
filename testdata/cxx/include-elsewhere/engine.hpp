// A project header (as csp's engine/Engine.h): a member template that
// forwards its arguments to the constructor of an object the engine
// keeps. Not followed from a file that includes it.
#pragma once
#include <memory>
#include <utility>

struct Owned {
	virtual ~Owned() {}
};

struct Engine {
	template <typename T, typename... ArgsT> T *createOwnedObject(ArgsT &&...args)
	{
		T *obj = new T(this, std::forward<ArgsT>(args)...);
		registerOwnedObject(std::unique_ptr<Owned>(obj));
		return obj;
	}
	void registerOwnedObject(std::unique_ptr<Owned> node);
};
