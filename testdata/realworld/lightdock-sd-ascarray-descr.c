// From LightDock (lightdock/lightdock) lightdock/scoring/sd/energy/c/sd.c as
// of the parent of commit d438ff5a92 ("Implements fixes suggested by
// @maharjun on issue #19", Brian Jimenez Garcia, 2021; the same fix in
// sipper/c/sipper.c and vdw/energy/c/cvdw.c). sd_calculate_energy takes one
// descriptor from PyArray_DescrFromType and passes it to two calls of
// PyArray_AsCArray, which steals it (it hands it to PyArray_FromAny): the
// second call uses a reference the first one already gave away, and the
// Py_DECREF(descr) at the end releases it a third time ("Reference count
// error detected: an attempt was made to deallocate the dtype 12"). The
// same block also applies Py_DECREF to six pointers into the data of the
// argument arrays (PyArray_GETPTR1), which are no objects at all. The fix
// takes a new descriptor before each call and drops the seven Py_DECREFs.
//
// sd_calculate_energy is verbatim except for its distance loops (the
// energy sums and the interface lists, which touch no object: with them the
// analysis of the function stops at its budget), left out; <math.h> and
// <stdlib.h> are included for sqrt, pow, malloc and realloc (the module
// gets them through Python.h).
//
// The tool finds the descriptor stolen twice (PyArray_AsCArray's steal is
// in rules/numpy.json); a pointer from PyArray_GETPTR1 released with
// Py_DECREF is not seen as interior data of a borrowed array (xfail). Reported and true, not touched
// by the fix: the interface arrays from malloc (or realloc) are given to
// PyArray_SimpleNewFromData arrays that do not own them, so they leak on
// every call (MOJO-OWN-101, one finding for each allocation that may reach
// the return). Not reported: the tuple from PyTuple_New is used unchecked.
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PyInt_AsUnsignedLongMask PyLong_AsUnsignedLongMask
#include <math.h>
#include <stdlib.h>
#include <Python.h>
#include "structmember.h"
#include "numpy/arrayobject.h"


#define EPSILON 4.0
#define FACTOR 332.0
#define CUTON 7.0
#define CUTOFF 9.0
#define CUTON2 CUTON*CUTON
#define CUTOFF2 CUTOFF*CUTOFF
#define VDW_CUTOFF 5000000.0


/**
 *
 * calculate_energy C implementation
 *
 **/
static PyObject * sd_calculate_energy(PyObject *self, PyObject *args) {
    PyObject *receptor_coordinates, *ligand_coordinates = NULL;
    PyObject *tmp0, *tmp1 = NULL;
    PyArrayObject *rec_charges, *lig_charges, *rec_vdw, *lig_vdw, *rec_vdw_radii, *lig_vdw_radii = NULL;
    double energy, atom_elec, total_elec, atom_vdw, total_vdw, vdw_energy,vdw_radius, p6, k;
    unsigned int rec_len, lig_len, i, j, interface_len, intf_array_size;
    unsigned int *interface_receptor = NULL, *interface_ligand = NULL;
    double **rec_array, **lig_array, x, y, z, distance, interface_cutoff, interface_cutoff2;
    npy_intp dims[2];
    PyArray_Descr *descr;
    double *rec_c_charges, *lig_c_charges, *rec_c_vdw, *lig_c_vdw, *rec_c_vdw_radii, *lig_c_vdw_radii = NULL;
    PyObject *result = PyTuple_New(3);

    energy = 0.;
    interface_cutoff = 3.9;
    interface_len = 0;
    intf_array_size = 1;

    if (PyArg_ParseTuple(args, "OOOOOOOO|d",
            &receptor_coordinates, &ligand_coordinates, &rec_charges, &lig_charges,
            &rec_vdw, &lig_vdw, &rec_vdw_radii, &lig_vdw_radii, &interface_cutoff)) {

        interface_cutoff2 = interface_cutoff*interface_cutoff;

        descr = PyArray_DescrFromType(NPY_DOUBLE);

        tmp0 = PyObject_GetAttrString(receptor_coordinates, "coordinates");
        tmp1 = PyObject_GetAttrString(ligand_coordinates, "coordinates");

        rec_len = PySequence_Size(tmp0);
        lig_len = PySequence_Size(tmp1);

        dims[1] = 3;
        dims[0] = rec_len;
        PyArray_AsCArray((PyObject **)&tmp0, (void **)&rec_array, dims, 2, descr);

        dims[0] = lig_len;
        PyArray_AsCArray((PyObject **)&tmp1, (void **)&lig_array, dims, 2, descr); // expect-error[MOJO-OWN-102] {{'descr' from 'PyArray_DescrFromType'}}

        total_elec = 0.0;
        atom_elec = 0.0;
        total_vdw = 0.0;

        // Get pointers to the Python array structures
        rec_c_charges = PyArray_GETPTR1(rec_charges, 0);
        lig_c_charges = PyArray_GETPTR1(lig_charges, 0);
        rec_c_vdw = PyArray_GETPTR1(rec_vdw, 0);
        lig_c_vdw = PyArray_GETPTR1(lig_vdw, 0);
        rec_c_vdw_radii = PyArray_GETPTR1(rec_vdw_radii, 0);
        lig_c_vdw_radii = PyArray_GETPTR1(lig_vdw_radii, 0);

        interface_receptor = malloc(lig_len*sizeof(unsigned int));
        interface_ligand  = malloc(lig_len*sizeof(unsigned int));

        /* The distance loops (energies, interface lists) are left out: they
           touch no object, and they cost the analysis its whole budget. */

        // Free structures
        Py_DECREF(rec_c_charges); // expect-error[MOJO-OWN-106] {{is released by 'Py_DECREF'}} xfail(#27): a pointer from PyArray_GETPTR1 is not known as interior data of an array, so releasing it is not seen
        Py_DECREF(lig_c_charges); // expect-error[MOJO-OWN-106] {{is released by 'Py_DECREF'}} xfail(#27): a pointer from PyArray_GETPTR1 is not known as interior data of an array, so releasing it is not seen
        Py_DECREF(rec_c_vdw); // expect-error[MOJO-OWN-106] {{is released by 'Py_DECREF'}} xfail(#27): a pointer from PyArray_GETPTR1 is not known as interior data of an array, so releasing it is not seen
        Py_DECREF(lig_c_vdw); // expect-error[MOJO-OWN-106] {{is released by 'Py_DECREF'}} xfail(#27): a pointer from PyArray_GETPTR1 is not known as interior data of an array, so releasing it is not seen
        Py_DECREF(rec_c_vdw_radii); // expect-error[MOJO-OWN-106] {{is released by 'Py_DECREF'}} xfail(#27): a pointer from PyArray_GETPTR1 is not known as interior data of an array, so releasing it is not seen
        Py_DECREF(lig_c_vdw_radii); // expect-error[MOJO-OWN-106] {{is released by 'Py_DECREF'}} xfail(#27): a pointer from PyArray_GETPTR1 is not known as interior data of an array, so releasing it is not seen
        Py_DECREF(descr); // (released a third time: one finding per reference, at the second steal)
        PyArray_Free(tmp0, rec_array);
        PyArray_Free(tmp1, lig_array);
    }

    interface_receptor = realloc(interface_receptor, interface_len*sizeof(unsigned int));
    interface_ligand = realloc(interface_ligand, interface_len*sizeof(unsigned int));
    dims[0] = interface_len;

    PyTuple_SetItem(result, 0, PyFloat_FromDouble(energy * -1.));
    PyTuple_SetItem(result, 1, PyArray_SimpleNewFromData(1, dims, NPY_UINT, interface_receptor));
    PyTuple_SetItem(result, 2, PyArray_SimpleNewFromData(1, dims, NPY_UINT, interface_ligand));
    return result; // expect-warning[MOJO-OWN-101] {{heap memory 'interface_receptor' from 'malloc' is never released}}
    // expect-warning[MOJO-OWN-101]@-1 {{heap memory 'interface_receptor' from 'realloc' is never released}}
    // expect-warning[MOJO-OWN-101]@-2 {{heap memory 'interface_ligand' from 'malloc' is never released}}
    // expect-warning[MOJO-OWN-101]@-3 {{heap memory 'interface_ligand' from 'realloc' is never released}}
}
